import { EVERY_ROLE } from '../../auth/me';
import type { Body } from '../../api/types';
import { humanize } from '../../ui/format';

/** The roles a connection may give the people it creates: never an owner's (the API's PROVISIONABLE_ROLES). */
export type ProvisionableRole = NonNullable<Body<'patchSsoConnectionsById'>['defaultRole']>;
const PROVISIONABLE = EVERY_ROLE.filter((r): r is ProvisionableRole => r !== 'TENANT_GROUP_OWNER' && r !== 'TENANT_OWNER');
export const roleOptions = PROVISIONABLE.map((r) => ({ value: r, label: humanize(r) }));
