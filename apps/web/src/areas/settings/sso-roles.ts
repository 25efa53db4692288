import type { Body } from '../../api/types';
import { humanize } from '../../ui/format';
import { ROLE_ORDER } from '../people/roles';

/** The roles a connection may give the people it creates: never an owner's (the API's PROVISIONABLE_ROLES). */
export type ProvisionableRole = NonNullable<Body<'patchSsoConnectionsById'>['defaultRole']>;
const PROVISIONABLE = ROLE_ORDER.filter((r): r is ProvisionableRole => r !== 'TENANT_GROUP_OWNER' && r !== 'TENANT_OWNER');
export const roleOptions = PROVISIONABLE.map((r) => ({ value: r, label: humanize(r) }));
