/**
 * The seed's guardians of docs/fixtures.md "Households", by the login their tests use: Pat Rivera and Jamie Rivera
 * share Sam and Alex; Morgan Lee is a household of one with Jordan Lee; trial@ and subscriber@ have no athletes.
 */
export const PAT = 'parent@example.com';
export const JAMIE = 'coparent@example.com';
export const MORGAN = 'member@example.com';
export const TRIAL = 'trial@example.com';
export const SUBSCRIBER = 'subscriber@example.com';
