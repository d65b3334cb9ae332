// Who may call: Host/Origin allowlists and caller authentication, run before any route.
export { createDoor, type Door } from './door';
export { createClientAddress, type ClientAddressOf } from './client-address';
export { normaliseAddress, isNetworkList, type Address } from './networks';
export { isOriginList } from './hosts';
export { REFUSALS, type Refusal } from './refusal';
