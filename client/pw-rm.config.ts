import base from '/work/main/client/playwright.config';
export default { ...base, testDir: '/work/main/client/e2e', snapshotPathTemplate: '/work/main/client/e2e/__screenshots__/{projectName}/{testFilePath}/{arg}{ext}', use: { ...base.use, reducedMotion: 'reduce' } };
