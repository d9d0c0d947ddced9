export * from './common.ts';
export * from './customers.ts';
export * from './errors.ts';
export * from './identity.ts';
export * from './me.ts';
export * from './password.ts';
export * from './rights.ts';
