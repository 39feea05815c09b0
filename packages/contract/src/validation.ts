/**
 * The messages of the contract's own checks, one stable key each. Schemas use the English text,
 * which the server sends as the error detail; the console shows `common:validation.<key>` in the
 * user's language. The password policy's messages are not here: they have response codes
 * (password-policy.ts) and are translated by code.
 */
import { HEADERS_MAX } from './limits';

export const V = {
  cleanText: 'must not contain NUL characters or unpaired surrogates',
  hex8: 'must be 8 hex digits',
  hex16: 'must be 16 hex digits',
  hex32: 'must be 32 hex digits',
  nameChars: 'only letters, digits, _ - . @',
  userNameEmpty: 'user name cannot be empty',
  passwordEmpty: 'password cannot be empty',
  currentPasswordEmpty: 'current password cannot be empty',
  appNameEmpty: 'application name cannot be empty',
  httpUrl: 'must be an http or https URL',
  headerName: 'header names are letters, digits and - _ .',
  headersMax: `at most ${HEADERS_MAX} headers`,
  headerForbidden: 'this header is set by the server',
  devEUIEmpty: 'DevEUI cannot be empty',
  devEUIFormat: 'DevEUI must be 16 hex digits',
  appEUIEmpty: 'AppEUI cannot be empty',
  appEUIFormat: 'AppEUI must be 16 hex digits',
  devNameEmpty: 'device name cannot be empty',
  devNameLong: 'device name is at most 64 characters',
  regionEmpty: 'region cannot be empty',
  regionFormat: 'unknown region',
  regionIds: 'regions are region ids like eu868',
  subnetEmpty: 'subnet cannot be empty',
  subnetFormat: 'unknown subnet',
  appKeyEmpty: 'AppKey cannot be empty',
  appKeyFormat: 'AppKey must be 32 hex digits',
  devAddrEmpty: 'DevAddr cannot be empty',
  devAddrFormat: 'DevAddr must be 8 hex digits',
  appSKeyEmpty: 'AppSessionKey cannot be empty',
  appSKeyFormat: 'AppSessionKey must be 32 hex digits',
  nwkSKeyEmpty: 'NetworkSessionKey cannot be empty',
  nwkSKeyFormat: 'NetworkSessionKey must be 32 hex digits',
  fCntEmpty: 'frame counter cannot be empty',
  fCntFormat: 'frame counter must be a number from 0 to 4294967295',
  remarksLong: 'remarks are at most 50 characters',
  tagsOrRemarks: 'give tagsId or remarks',
  tagIds: 'tagsId are tag ids',
  tagsIdEmpty: 'tagsId cannot be empty',
  selectDevices: 'select devices',
  exportSpan: 'end time must follow the start time, at most 31 days later',
  tagEmpty: 'tag cannot be empty',
  tagsEmpty: 'tags cannot be empty',
  tagsDuplicate: 'duplicate tag names',
  groupNameEmpty: 'group name cannot be empty',
  colour: 'a colour like #666666',
  gwTypeEmpty: 'gateway type cannot be empty',
  gwNameEmpty: 'gateway name cannot be empty',
  gwIDsEmpty: 'gwIDs cannot be empty',
  nothingToChange: 'set at least one field to change',
  hostName: 'a host name',
  serverAddress: 'a host name, host:port or URL',
  timeZone: 'a UTC offset like UTC+08:00',
  locationPair: 'longitude and latitude are required with a map type',
  endBeforeStart: 'endTime is before startTime',
  fPortNumber: 'fport must be a number',
  dataEmpty: 'data cannot be empty',
} as const;

export type ValidationKey = keyof typeof V;

const KEY_OF_TEXT = new Map<string, ValidationKey>(
  (Object.entries(V) as [ValidationKey, string][]).map(([key, text]) => [text, key]),
);

/** The key of a contract message (a zod issue's message or an API error's detail); undefined for any other text. */
export const validationKey = (message: string): ValidationKey | undefined => KEY_OF_TEXT.get(message);
