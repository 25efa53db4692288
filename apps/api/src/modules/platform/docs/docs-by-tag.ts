/** The parts of an OpenAPI 3.1 document the split reads; everything else is carried over as it is. */
export interface OpenApiDoc {
  info: { title: string; description?: string } & Record<string, unknown>;
  paths?: Record<string, Record<string, unknown>>;
  webhooks?: Record<string, Record<string, unknown>>;
  components?: Record<string, Record<string, unknown>>;
  [key: string]: unknown;
}

interface Operation {
  operationId?: string;
  summary?: string;
  tags?: string[];
  security?: Record<string, string[]>[];
}

export interface TagOperation {
  method: string;
  path: string;
  operationId: string;
  summary: string;
}

export interface TagDocument {
  tag: string;
  slug: string;
  operations: TagOperation[];
  document: OpenApiDoc;
}

const METHODS = new Set(['get', 'put', 'post', 'delete', 'options', 'head', 'patch', 'trace']);

/** `Access control: door` → `access-control-door`: the tag's page's path segment. */
export const slugOf = (tag: string) =>
  tag
    .toLowerCase()
    .split(/[^a-z0-9]+/)
    .filter(Boolean)
    .join('-');

/** The document's members the split rebuilds; the others (openapi, servers, ...) are copied. */
const SPLIT = new Set(['info', 'paths', 'webhooks', 'components']);

/** Path segments under /docs that are not tags' pages. */
const RESERVED = new Set(['public']);

/** Every `#/components/<kind>/<name>` the value names, at any depth. */
function collectRefs(value: unknown, into = new Set<string>()): Set<string> {
  if (Array.isArray(value)) for (const v of value) collectRefs(v, into);
  else if (value && typeof value === 'object') {
    for (const [k, v] of Object.entries(value)) {
      if (k === '$ref' && typeof v === 'string' && v.startsWith('#/components/')) into.add(v);
      else collectRefs(v, into);
    }
  }
  return into;
}

const pointer = (ref: string) => ref.slice('#/components/'.length).split('/').map((s) => s.replaceAll('~1', '/').replaceAll('~0', '~')) as [string, string];

/**
 * The components the kept path items reach, following references inside components too, plus the
 * security schemes their operations name (a requirement names its scheme, it does not `$ref` it).
 */
function reachableComponents(doc: OpenApiDoc, items: readonly object[], operations: readonly Operation[]): Record<string, Record<string, unknown>> {
  const seen = new Set<string>();
  const pending = [...collectRefs(items)];
  for (let ref = pending.pop(); ref !== undefined; ref = pending.pop()) {
    if (seen.has(ref)) continue;
    seen.add(ref);
    const [kind, name] = pointer(ref);
    pending.push(...collectRefs(doc.components?.[kind]?.[name]));
  }
  const components: Record<string, Record<string, unknown>> = {};
  const keep = (kind: string, name: string) => {
    const value = doc.components?.[kind]?.[name];
    if (value !== undefined) (components[kind] ??= {})[name] = value;
  };
  for (const ref of [...seen].sort()) keep(...pointer(ref));
  for (const op of operations) for (const requirement of op.security ?? []) for (const scheme of Object.keys(requirement)) keep('securitySchemes', scheme);
  return components;
}

/** The operations of `paths` (or `webhooks`) carrying the tag, in the document's order. */
function filterTagged(items: OpenApiDoc['paths'], tag: string): { kept: Record<string, Record<string, unknown>>; operations: (Operation & { method: string; path: string })[] } {
  const kept: Record<string, Record<string, unknown>> = {};
  const operations: (Operation & { method: string; path: string })[] = [];
  for (const [path, item] of Object.entries(items ?? {})) {
    const shared = Object.fromEntries(Object.entries(item).filter(([k]) => !METHODS.has(k)));
    const ops = Object.entries(item).filter(([k, v]) => METHODS.has(k) && (v as Operation).tags?.includes(tag));
    if (ops.length === 0) continue;
    kept[path] = { ...shared, ...Object.fromEntries(ops) };
    for (const [method, op] of ops) operations.push({ ...(op as Operation), method, path });
  }
  return { kept, operations };
}

/**
 * The document cut into one smaller, complete document per tag: that tag's operations, the
 * components they reach and nothing else, so Redoc renders a dozen operations, not four hundred.
 * Tags sorted by name; an untagged operation has no page (every route declares its tags).
 */
export function splitByTag(doc: OpenApiDoc, describe: (tag: string) => string): TagDocument[] {
  const tags = new Set<string>();
  for (const items of [doc.paths, doc.webhooks]) for (const item of Object.values(items ?? {})) for (const [k, op] of Object.entries(item)) if (METHODS.has(k)) for (const t of (op as Operation).tags ?? []) tags.add(t);
  const slugs = new Map<string, string>();
  return [...tags]
    .sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }))
    .map((tag) => {
      const slug = slugOf(tag);
      // Two tags on one page, or a tag hidden behind another route, would drop operations from the docs unseen.
      if (!slug || RESERVED.has(slug) || slugs.has(slug)) throw new Error(`OpenAPI tag "${tag}" has no page of its own (path segment "${slug}" ${slugs.has(slug) ? `is also "${slugs.get(slug)}"` : 'is taken'})`);
      slugs.set(slug, tag);
      const paths = filterTagged(doc.paths, tag);
      const webhooks = filterTagged(doc.webhooks, tag);
      const document: OpenApiDoc = {
        ...Object.fromEntries(Object.entries(doc).filter(([k]) => !SPLIT.has(k))),
        info: { ...doc.info, title: `${doc.info.title}: ${tag}`, description: describe(tag) },
        paths: paths.kept,
        ...(Object.keys(webhooks.kept).length ? { webhooks: webhooks.kept } : {}),
        components: reachableComponents(doc, [paths.kept, webhooks.kept], [...paths.operations, ...webhooks.operations]),
      };
      const operations = paths.operations.map((op) => ({ method: op.method, path: op.path, operationId: op.operationId ?? '', summary: op.summary ?? '' }));
      return { tag, slug, operations, document };
    });
}
