import { StrictMode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router-dom';
import { Providers } from '../app/providers';
import { routes } from '../app/router';

/**
 * The build's prerender (scripts/prerender.mjs runs this module, built by client/vite.prerender.config.ts):
 * the HTML inside #root of a public page as a first-time visitor sees it, so that the page paints
 * before its scripts arrive; main.tsx then hydrates it. Whatever the build cannot know (who is signed
 * in, the server's settings, the time) renders as pending and fills in after hydration
 * (lib/hydration.ts).
 */
export async function renderPage(path: string): Promise<string> {
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(new URL(path, 'http://localhost')));
  if (context instanceof Response) throw new Error(`${path} redirects: nothing to prerender`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerenderToNodeStream(
    <StrictMode>
      <Providers>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </Providers>
    </StrictMode>,
  );
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
}
