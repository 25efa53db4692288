import type { AccessProviderAdapter } from './provider-adapter.js';
import type { HttpClient } from './provider-http.js';
import { BrivoAdapter } from './brivo.adapter.js';
import { KisiAdapter } from './kisi.adapter.js';
import { OpenpathAdapter } from './openpath.adapter.js';
import { VerkadaAdapter } from './verkada.adapter.js';

/** Spec 02 leaves the identifiers to the service: four cloud access-control platforms with public HTTP APIs. */
export const PROVIDERS = ['BRIVO', 'KISI', 'OPENPATH', 'VERKADA'] as const;
export type Provider = (typeof PROVIDERS)[number];

export type ProviderAdapters = Record<Provider, AccessProviderAdapter>;

export function createProviderAdapters(http: HttpClient): ProviderAdapters {
  return {
    BRIVO: new BrivoAdapter(http),
    KISI: new KisiAdapter(http),
    OPENPATH: new OpenpathAdapter(http),
    VERKADA: new VerkadaAdapter(http),
  };
}
