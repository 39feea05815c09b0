import { AUDIT_ENTITY_TYPES } from '@lns/contract/audit';
import type { TFunction } from 'i18next';

const known = new Set<string>(AUDIT_ENTITY_TYPES);

/** Translated entity type; types of routes added later show as sent. */
export const entityLabel = (t: TFunction, type: string): string =>
  known.has(type) ? t(`audit:entities.${type}`) : type;
