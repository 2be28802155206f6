// Composition of every feature's tables, for Drizzle and its migrations.
export * from './schema/app.ts';
export * from './schema/auth.ts';
export * from './schema/colleges.ts';
export * from './schema/chance.ts';
export * from './schema/engineering.ts';
export * from './schema/medical.ts';
export * from './schema/jobs.ts';
export * from './schema/counsellors.ts';
export * from './schema/bookings.ts';
export * from './schema/reviews.ts';
export * from './schema/choices.ts';
