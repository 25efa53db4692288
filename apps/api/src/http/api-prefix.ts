/**
 * Where the API's routes are mounted. A module of its own because app.ts, which mounts them, imports
 * the web app and the door proxy that route around them: kept in app.ts it made an import cycle.
 */
export const API_PREFIX = '/api/v1';
