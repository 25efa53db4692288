import { Placeholder } from '../placeholder';

export function DashboardPage() {
  return <Placeholder title="Dashboard" />;
}
