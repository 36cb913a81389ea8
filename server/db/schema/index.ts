export * from './licences.ts';
export * from './memberships.ts';
export * from './organizations.ts';
export * from './players.ts';
export * from './providers.ts';
export * from './subscriptions.ts';
export * from './system.ts';
export * from './users.ts';
