import { join } from 'node:path';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { clientFloorBreaches } from '../../scripts/check-architecture.mjs';
import { CLIENT_FLOORS, clientPartOf } from '../../scripts/lib/client-floors.mjs';

const root = join(import.meta.dirname, '../..');
const src = (file: string) => `client/src/${file}`;

describe('client floors (scripts/lib/client-floors.mjs)', () => {
  it('the architecture check fails on an import that runs up or across a floor, and passes one that runs down', () => {
    const breaches = clientFloorBreaches({
      // Down: allowed.
      [src('features/game/GamePage.tsx')]: [src('lib/paths.ts'), src('game/prefetch.ts'), src('components/Modal.tsx')],
      [src('app/router.tsx')]: [src('features/game/GamePage.tsx'), src('lib/slots.tsx')],
      [src('main.tsx')]: [src('app/router.tsx'), src('styles/global.css')],
      [src('lib/realtime/cache.ts')]: [src('lib/api/keys.ts'), 'shared/src/api/socket.ts'],
      // Up or across: each one a breach.
      [src('game/prefetch.ts')]: [src('features/game/GamePage.tsx')],
      [src('lib/slots.tsx')]: [src('app/slots.tsx')],
      [src('components/MobileTabBar.tsx')]: [src('game/assets.ts')],
      [src('features/game/GameHeader.tsx')]: [src('features/events/EventsHub.tsx')],
      [src('session/AuthModal.tsx')]: [src('features/auth/LoginPage.tsx')],
      [src('widgets/Thing.tsx')]: [src('lib/paths.ts')],
    });
    expect(breaches).toHaveLength(6);
    expect(breaches.join('\n')).toContain('client/src/game/prefetch.ts imports client/src/features/game/GamePage.tsx');
    expect(breaches.join('\n')).toContain('features/game sits above game: imports run only down');
    expect(breaches.join('\n')).toContain('app sits above lib');
    expect(breaches.join('\n')).toContain('components and game share a floor');
    expect(breaches.join('\n')).toContain('features/game and features/events share a floor');
    expect(breaches.join('\n')).toContain('features/auth sits above session');
    expect(breaches.join('\n')).toContain('widgets is on no client floor');
  });

  it('every folder of client/src is on a floor', async () => {
    const { readdirSync } = await import('node:fs');
    for (const entry of readdirSync(join(root, 'client/src'))) {
      const part = clientPartOf(src(entry)) ?? '';
      const name = part.startsWith('features/') ? 'features' : part;
      expect(
        CLIENT_FLOORS.some((floor) => floor.includes(name)),
        `${entry} is on no floor`,
      ).toBe(true);
    }
  });

  it('ESLint flags the same upward import where it is written', async () => {
    const eslint = new ESLint({ cwd: root });
    const [result] = await eslint.lintText(
      "import GamePage from '../features/game/GamePage';\nexport const screen = GamePage;\n",
      { filePath: join(root, 'client/src/game/upward.ts') },
    );
    const rules = result?.messages.map((m) => m.ruleId);
    expect(rules).toContain('import-x/no-restricted-paths');
    const [clean] = await eslint.lintText("import { paths } from '../lib/paths';\nexport const home = paths.home;\n", {
      filePath: join(root, 'client/src/game/downward.ts'),
    });
    expect(clean?.messages).toEqual([]);
  });
});
