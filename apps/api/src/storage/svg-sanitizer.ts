import type createDOMPurify from 'dompurify';
import type { WindowLike } from 'dompurify';
import type { JSDOM } from 'jsdom';

/** A reference inside the same document (`#id`): the only kind an uploaded SVG may keep. */
const FRAGMENT = /^#[^\s'"()<>]*$/;
/** A PNG or JPEG carried inside the file itself, as design tools export embedded bitmaps. */
const EMBEDDED_RASTER = /^data:image\/(?:png|jpeg);base64,[A-Za-z0-9+/=\s]*$/;
/** `url(` not followed by a fragment: anything the renderer would fetch. */
const EXTERNAL_URL = /url\s*\(\s*(?!["']?#)/i;
/** CSS that loads or could spell a load without `url(` (escapes, imports, image sets, fonts). */
const CSS_LOADS = /\\|@import|@font-face|image-set\s*\(|src\s*\(/i;

const refersOutside = (text: string) => EXTERNAL_URL.test(text) || CSS_LOADS.test(text);

/**
 * One DOMPurify over one jsdom window for the process: DOMPurify is synchronous, so calls never
 * interleave, and the window costs tens of milliseconds to build. jsdom is the DOM DOMPurify's
 * authors test and support on the server; lighter DOMs (happy-dom, linkedom) parse differently
 * from browsers, which is how sanitizer bypasses are made. Both are loaded on the first SVG, not at
 * start: loading jsdom was 0.6 s of CPU in every start of the API (a seventh of it), for a route
 * a tenant uses once.
 */
interface Sanitizer {
  purify: ReturnType<typeof createDOMPurify>;
  window: JSDOM['window'];
}
let sanitizer: Promise<Sanitizer> | null = null;

function instance(): Promise<Sanitizer> {
  sanitizer ??= build();
  return sanitizer;
}

async function build(): Promise<Sanitizer> {
  const [{ JSDOM }, { default: createDOMPurify }] = await Promise.all([import('jsdom'), import('dompurify')]);
  const window = new JSDOM('').window;
  const purify = createDOMPurify(window as unknown as WindowLike);
  // DOMPurify's SVG profile already drops scripts, event handlers and javascript: links; these hooks
  // add what a logo served to strangers must not do besides: fetch anything from elsewhere.
  purify.addHook('uponSanitizeAttribute', (node, data) => {
    const name = data.attrName.toLowerCase();
    const value = data.attrValue.trim();
    if (name === 'href' || name.endsWith(':href')) {
      const embedded = node.nodeName.toLowerCase() === 'image' && EMBEDDED_RASTER.test(value);
      if (!FRAGMENT.test(value) && !embedded) data.keepAttr = false;
    } else if (refersOutside(value)) {
      data.keepAttr = false;
    }
  });
  purify.addHook('uponSanitizeElement', (node, data) => {
    if (data.tagName === 'style' && refersOutside(node.textContent ?? '')) node.textContent = '';
  });
  return { purify, window };
}

/**
 * The drawing of an uploaded SVG with nothing active or outbound left: no script, no event
 * handler, no foreign object (HTML inside the image), no link or reference to another document, no
 * CSS that loads anything. `<use>` stays for references within the file, which logo exports rely
 * on. Returns the cleaned file as well-formed XML, or null when no `<svg>` drawing is left.
 */
export async function sanitizeSvg(data: Buffer): Promise<Buffer | null> {
  const { purify, window } = await instance();
  const fragment = purify.sanitize(data.toString('utf8'), {
    USE_PROFILES: { svg: true, svgFilters: true },
    ADD_TAGS: ['use'],
    FORBID_TAGS: ['foreignObject', 'a', 'script', 'iframe', 'audio', 'video', 'animate', 'set', 'animateMotion', 'animateTransform'],
    RETURN_DOM_FRAGMENT: true,
  });
  const svg = [...fragment.children].find((el) => el.namespaceURI === 'http://www.w3.org/2000/svg' && el.localName === 'svg');
  if (!svg) return null;
  return Buffer.from(`<?xml version="1.0" encoding="UTF-8"?>\n${new window.XMLSerializer().serializeToString(svg)}\n`, 'utf8');
}
