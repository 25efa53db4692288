import { Page } from '../ui/page';

/** Scaffolding while an area is built; no route may use it when the area is done. */
export function Placeholder({ title }: { title: string }) {
  return <Page title={title}>Coming in this issue.</Page>;
}
