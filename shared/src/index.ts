export * from './permissions';
export * from './constants';
