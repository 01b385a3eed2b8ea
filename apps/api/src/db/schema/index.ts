// Tables of the private API. Column names are the API's snake_case field names, so rows map 1:1.
// Every row below an organisation carries organization_id; repositories take it as an argument.
// One file per module; users, organisations and shops, which reference one another, share core.ts, so no
// two files import each other.
export * from './auth';
export * from './core';
export * from './profile';
export * from './social';
export * from './staff';
export * from './tenancy';
export * from './throttles';
export * from './data-sources';
export * from './roles';
export * from './audit';
export * from './products';
export * from './channels';
export * from './notifications';
export * from './products-bulk';
export * from './sync';
