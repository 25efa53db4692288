import { z } from 'zod';
import { AesGcmEncryptor } from './encryption.js';

export class ConfigError extends Error {}

/**
 * Parses `env` once at start-up against a schema; every problem is reported together so an
 * operator fixes them in one go instead of one restart per variable.
 */
export function parseEnv<S extends z.ZodType>(schema: S, env: NodeJS.ProcessEnv): z.infer<S> {
  const cleaned: Record<string, string> = {};
  for (const [k, v] of Object.entries(env)) if (v !== undefined && v !== '') cleaned[k] = v;
  const result = schema.safeParse(cleaned);
  if (!result.success) {
    const lines = result.error.issues.map((i) => `${i.path.join('.') || '(env)'}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n  ${lines.join('\n  ')}`);
  }
  return result.data;
}

export const envBool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

export const envPort = z.coerce.number().int().min(0).max(65535);

/** DATA_ENCRYPTION_KEY: must open as an AesGcmEncryptor key, checked at start rather than on first use. */
export const envEncryptionKey = z
  .string()
  .optional()
  .superRefine((v, ctx) => {
    if (v === undefined) return;
    try {
      new AesGcmEncryptor(v);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be 32 bytes: 64 hex or 43 base64url characters' });
    }
  });

export const logLevel = z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info');

/** Durations written as `15m`, `7d`, `3600s` or bare seconds. */
export const envDuration = z.string().regex(/^\d+\s*[smhd]?$/, 'must be a duration such as 15m, 7d or 3600s');

export function durationSeconds(value: string): number {
  const m = /^(\d+)\s*([smhd]?)$/.exec(value.trim());
  if (!m) throw new ConfigError(`Invalid duration ${value}`);
  const n = Number(m[1]);
  const unit = { '': 1, s: 1, m: 60, h: 3600, d: 86400 }[m[2] as '' | 's' | 'm' | 'h' | 'd'];
  return n * unit;
}
