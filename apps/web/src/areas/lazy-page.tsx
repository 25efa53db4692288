import { lazy, type ComponentType } from 'react';

/**
 * A page loaded with its area when first opened: the sign-in page and the shell do not wait for
 * every screen of the console. `name` is the page component exported by the module.
 */
export function lazyPage<M extends Record<string, unknown>>(load: () => Promise<M>, name: keyof M & string): ComponentType {
  return lazy(async () => ({ default: (await load())[name] as ComponentType }));
}
