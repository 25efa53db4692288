import type { DoorUpstream } from '@wfm/api/http/daemon-proxy';
import { parseJsonBody, type DoorHandler } from '@wfm/access-daemon/server';

const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * The all-in-one start's door routes: the API hands a checked, fully read request straight to the
 * daemon's route logic in this process, with no second HTTP hop. The answer carries what the
 * daemon's own listener would send (status, JSON body, the error's headers); the door path adds
 * X-Request-Id to every answer it writes.
 */
export function inProcessDoor(door: DoorHandler): DoorUpstream {
  return {
    async send(call) {
      const { authorization, traceparent } = call.headers;
      const answer = await door(call.route, {
        authorization: typeof authorization === 'string' ? authorization : '',
        ip: () => call.clientIp,
        body: new Promise((resolve) => resolve(parseJsonBody(call.body))),
        startedAt: call.receivedAt,
        ...(typeof traceparent === 'string' ? { traceparent } : {}),
      });
      const body = typeof answer.body === 'string' ? answer.body : JSON.stringify(answer.body);
      return { status: answer.status, headers: { ...answer.headers, 'content-type': JSON_TYPE }, body };
    },
    close() {},
  };
}
