import { EgressRefusedError } from '@wfm/webhooks/egress';
import { HttpTransportError, type HttpClient, type HttpResponse } from '../../access/integrations/provider-http.js';
import type { SendOutcome, TextSender } from './provider.transport.js';

/** The platform's WhatsApp Business number on Meta's Cloud API: operator settings, never a tenant's. */
export interface WhatsAppSettings {
  /** Graph API base with its version, without a trailing slash: `https://graph.facebook.com/v24.0`. */
  apiUrl: string;
  phoneNumberId: string;
  /** A system user's access token with whatsapp_business_messaging. */
  accessToken: string;
  /** The Meta app's secret: the key of X-Hub-Signature-256 on webhook deliveries. */
  appSecret: string;
  /** Chosen by the operator and entered in the app's webhook settings; echoed back by the handshake. */
  verifyToken: string;
  /** An approved template whose body has exactly one text parameter, `{{1}}`, which receives the message. */
  templateName: string;
  templateLanguage: string;
  timeoutMs: number;
}

/** Stored and logged reasons are short; Meta's own messages are a sentence. */
const MAX_REASON = 300;

/**
 * Meta refuses a template text parameter with a newline or tab, or more than four spaces in a row
 * (error 132018); the message is one line anyway, so any run of white space becomes one space.
 */
function parameterText(text: string): string {
  return text.replace(/\s+/g, ' ').trim();
}

interface GraphError {
  error?: { message?: unknown; code?: unknown; error_subcode?: unknown; error_data?: { details?: unknown } };
}

/**
 * The slice of the WhatsApp Cloud API that sends one message: POST /<phone-number-id>/messages with
 * a template (business-initiated messages outside a customer's 24-hour window must be templates).
 * Every outcome is an answer, never a throw: an accepted message with its wamid, or the reason it
 * was not, with the access token removed from anything the provider echoed.
 */
export class WhatsAppClient implements TextSender {
  constructor(
    private readonly settings: WhatsAppSettings,
    private readonly http: HttpClient,
  ) {}

  async send(to: string, text: string): Promise<SendOutcome> {
    const body = {
      messaging_product: 'whatsapp',
      recipient_type: 'individual',
      // The Cloud API takes the number with its country code, digits only.
      to: to.replace(/^\+/, ''),
      type: 'template',
      template: {
        name: this.settings.templateName,
        language: { code: this.settings.templateLanguage },
        components: [{ type: 'body', parameters: [{ type: 'text', text: parameterText(text) }] }],
      },
    };
    let res: HttpResponse;
    try {
      res = await this.http.send({
        method: 'POST',
        url: `${this.settings.apiUrl}/${encodeURIComponent(this.settings.phoneNumberId)}/messages`,
        headers: { authorization: `Bearer ${this.settings.accessToken}`, 'content-type': 'application/json', accept: 'application/json' },
        body: JSON.stringify(body),
      });
    } catch (err) {
      if (err instanceof HttpTransportError) return this.refused(`no answer from the provider (${err.kind})`);
      if (err instanceof EgressRefusedError) return this.refused(err.message);
      throw err;
    }
    const json = parseJson(res.body);
    if (res.status < 200 || res.status >= 300) return this.refused(describeRefusal(res.status, json));
    const id = (json as { messages?: Array<{ id?: unknown }> } | undefined)?.messages?.[0]?.id;
    if (typeof id !== 'string' || !id || id.length > 256) return this.refused(`HTTP ${res.status} without a message id`);
    return { accepted: true, messageId: id };
  }

  private refused(reason: string): SendOutcome {
    return { accepted: false, reason: reason.split(this.settings.accessToken).join('[redacted]').slice(0, MAX_REASON) };
  }
}

function parseJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

/** `HTTP 400, code 131030: Recipient phone number not in allowed list`, from Meta's error envelope. */
function describeRefusal(status: number, json: unknown): string {
  const error = (json as GraphError | undefined)?.error;
  const code = typeof error?.code === 'number' ? `, code ${error.code}` : '';
  const details = typeof error?.error_data?.details === 'string' ? error.error_data.details : null;
  const message = typeof error?.message === 'string' ? error.message : null;
  const text = details ?? message;
  return `HTTP ${status}${code}${text ? `: ${text}` : ''}`;
}
