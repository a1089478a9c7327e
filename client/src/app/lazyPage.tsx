import { createElement, lazy, type ComponentType } from 'react';

/**
 * A lazily loaded screen that can be loaded ahead of its first render. Once loaded it renders at
 * once, without suspending: a prerendered page (client/src/prerender) loads its screen before
 * hydrating, so hydration never waits on a chunk while the player can already tap the page.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  let loaded: ComponentType | null = null;
  let loading: Promise<ComponentType> | null = null;
  const preload = () =>
    (loading ??= load().then((module) => {
      loaded = module.default;
      return module.default;
    }));
  const Suspending = lazy(() => preload().then((component) => ({ default: component })));
  function Page() {
    return createElement(loaded ?? Suspending);
  }
  return Object.assign(Page, { preload });
}
