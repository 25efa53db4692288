import type { OpenApiDocument } from '../../../http/openapi.js';
import { EncodedBody } from '../../../http/encoded-body.js';
import { splitByTag, type OpenApiDoc } from './docs-by-tag.js';
import { indexPage, redocPage, tagDescription } from './docs.pages.js';

export interface TagPage {
  /** The Redoc page, a few hundred bytes. */
  html: string;
  /** The tag's own OpenAPI document. */
  document: EncodedBody;
}

interface Built {
  source: object;
  index: EncodedBody;
  tags: ReadonlyMap<string, TagPage>;
}

/**
 * The docs' index and a page per tag, cut from the OpenAPI document once per process (on the first
 * docs request, when every route is declared) and compressed like the document itself.
 */
export class DocsCatalog {
  private built: Built | null = null;

  constructor(
    private readonly openapi: OpenApiDocument,
    private readonly baseUrl: string,
  ) {}

  index(): EncodedBody {
    return this.current().index;
  }

  /** The page of the tag whose path segment is `slug`, if there is one. */
  tag(slug: string): TagPage | undefined {
    return this.current().tags.get(slug);
  }

  private current(): Built {
    const source = this.openapi.document(this.baseUrl);
    if (this.built?.source === source) return this.built;
    const doc = source as OpenApiDoc;
    const split = splitByTag(doc, tagDescription);
    const tags = new Map(
      split.map((t) => [
        t.slug,
        {
          html: redocPage(`${doc.info.title}: ${t.tag}`, `${t.slug}/openapi.json`, 'redoc.standalone.js'),
          document: EncodedBody.of(Buffer.from(JSON.stringify(t.document)), 'openapi.json'),
        },
      ]),
    );
    this.built = { source, index: EncodedBody.of(Buffer.from(indexPage(doc.info.title, split)), 'index.html'), tags };
    return this.built;
  }
}
