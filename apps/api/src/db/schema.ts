export { idpKeys, idpPayloads, idpSignInThrottle } from '@portaal/idp/tables';
export * from '../modules/customers/customers.table.ts';
export * from '../modules/notifications/notifications.table.ts';
export * from '../modules/tickets/tickets.table.ts';
export * from '../modules/trends/trends.table.ts';
export * from '../modules/users/users.table.ts';
export * from './platform.table.ts';
export * from './seed-state.table.ts';
