import type { EmbeddedStore } from '../../local/embedded-store';

export default async function teardown(): Promise<void> {
  await (globalThis as { __namedayStore?: EmbeddedStore }).__namedayStore?.close();
}
