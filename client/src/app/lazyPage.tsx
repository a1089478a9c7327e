import { createElement, lazy, type ComponentType } from 'react';

/**
 * A lazily loaded screen that can be loaded ahead of its first render (app/router.tsx,
 * preloadFirstScreen). Once loaded it renders at once, without suspending.
 */
export function lazyPage(load: () => Promise<{ default: ComponentType }>) {
  let loaded: ComponentType | null = null;
  let loading: Promise<ComponentType> | null = null;
  const preload = () =>
    (loading ??= load().then(
      (module) => {
        loaded = module.default;
        return module.default;
      },
      (error: unknown) => {
        loading = null; // the next render tries again
        throw error;
      },
    ));
  const Suspending = lazy(() => preload().then((component) => ({ default: component })));
  function Page() {
    return createElement(loaded ?? Suspending);
  }
  return Object.assign(Page, { preload });
}
