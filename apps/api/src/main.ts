import { runSplitApi } from './run-split.js';

/**
 * The API alone (`node apps/api/dist/main.js`, the container image behind a gateway): the door
 * routes, when they reach it at all, are forwarded to ACCESS_DAEMON_URL. `npm run start:api`
 * goes through the launcher, which can answer them in-process instead (ACCESS_DOOR_ROUTES).
 */
await runSplitApi();
