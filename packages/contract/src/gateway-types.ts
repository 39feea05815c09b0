/**
 * Gateway types (docs/product/gateways.md): admin-managed, readable by every user.
 * The name is stored lowercase; colours come from a fixed palette in the console.
 */
import { z } from 'zod';
import type { Args } from './endpoint';
import { id, text } from './input';
import { DEFAULT_COLOR, GWTYPE_NAME_MAX, NAME_CHARS } from './limits';
import { pagingQuery } from './paging';
import { V } from './validation';

export const GW_ARCHS = ['arm', 'mipsle', 'stm32l4'] as const;
export type GwArch = (typeof GW_ARCHS)[number];

/** The pico gateway type: with region cn470alid and subnet pico-net a gateway becomes a pico gateway. */
export const PICO_GW_TYPE = 'rhf2sp01';

/** The one fixed palette offered for gateway types and regions. */
export const COLOR_PALETTE = [
  '#666666',
  '#f44336',
  '#e91e63',
  '#9c27b0',
  '#673ab7',
  '#3f51b5',
  '#2196f3',
  '#03a9f4',
  '#00bcd4',
  '#009688',
  '#4caf50',
  '#8bc34a',
  '#cddc39',
  '#ffc107',
  '#ff9800',
  '#ff5722',
  '#795548',
  '#607d8b',
] as const;

export const hexColor = text()
  .trim()
  .regex(/^#[0-9a-fA-F]{6}$/, V.colour)
  .transform((s) => s.toLowerCase());

export const gwTypeName = text()
  .trim()
  .min(1, V.gwTypeEmpty)
  .max(GWTYPE_NAME_MAX)
  .regex(NAME_CHARS, V.nameChars)
  .transform((s) => s.toLowerCase());

/** A hardware variant of a type: its model name and whether it has LTE and Wi-Fi. */
export const gwSubmodel = z.object({
  model: text().trim().min(1).max(GWTYPE_NAME_MAX).regex(NAME_CHARS, V.nameChars),
  lte: z.boolean().default(false),
  wifi: z.boolean().default(false),
});
export type GwSubmodel = z.infer<typeof gwSubmodel>;

export const gwTypeCreateBody = z.object({
  gwType: gwTypeName,
  arch: z.enum(GW_ARCHS),
  color: hexColor.default(DEFAULT_COLOR),
  supportGPS: z.boolean().default(false),
  submodels: z.array(gwSubmodel).max(20).default([]),
});
export type GwTypeCreateBody = Args<typeof gwTypeCreateBody>;

export const gwTypeUpdateBody = gwTypeCreateBody.extend({ gwTypeID: id() });
export type GwTypeUpdateBody = Args<typeof gwTypeUpdateBody>;

export const gwTypeIdBody = z.object({ gwTypeID: id() });

export const GWTYPE_ORDER_FIELDS = ['gwTypeID', 'gwType', 'arch', 'createdAt', 'updatedAt'] as const;
/** `pageNo 0, pageSize 0` returns every type (the layout loads them all on mount). */
export const gwTypeListQuery = pagingQuery(GWTYPE_ORDER_FIELDS, true).extend({
  orderType: z.enum(['asc', 'desc']).default('asc'),
});

export const gwTypeRow = z.object({
  gwTypeID: z.number().int(),
  gwType: z.string(),
  arch: z.enum(GW_ARCHS),
  color: z.string(),
  supportGPS: z.boolean(),
  submodels: z.array(gwSubmodel),
  /** Gateways of this type visible to the caller. */
  gateways: z.number().int(),
  createdAt: z.number(),
  updatedAt: z.number(),
});
export type GwTypeRow = z.infer<typeof gwTypeRow>;

/** Each architecture with the names of its gateway types. */
export const gwArchList = z.object({
  listArch: z.array(z.object({ arch: z.enum(GW_ARCHS), gwTypes: z.array(z.string()) })),
});
