// jsdom ships no types, and scripts/prerender.mjs needs only its constructor and window.
declare module 'jsdom';
