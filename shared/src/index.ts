export * from './permissions';
export * from './constants';
export * from './passwords';
export * from './text-rule';
export * from './walkabouts/index';
export * from './qr-codes';
export * from './documents';
export * from './contracts';
