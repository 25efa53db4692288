import { Placeholder } from '../placeholder';

/** A STAFF user's home: their next shifts, leave and door credential. */
export function MyHomePage() {
  return <Placeholder title="My day" />;
}
