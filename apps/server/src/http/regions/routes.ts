import { C } from '@lns/contract/codes';
import { envelopeOf } from '@lns/contract/envelope';
import {
  bandUpdateBody,
  regionColor,
  regionDetail,
  regionInfoQuery,
  regionSummary,
  subnetsOfRegion,
} from '@lns/contract/regions';
import { z } from 'zod';
import { DomainError } from '../../errors';
import { regionDetail as detailOf, regionById, regionSummaries, setRegionColor } from '../../gateways/regions';
import { ok } from '../envelope';
import type { RouteModule } from '../types';

const tags = ['regions'];

/** Regions and channel plans from packages/lorawan; colours from the database. */
export const regionRoutes: RouteModule = (app, s) => {
  app.get(
    '/api/band/list',
    {
      schema: {
        tags,
        summary: 'Regions with their colour and subnets (channel plans)',
        response: { 200: envelopeOf(z.array(regionSummary)) },
      },
    },
    async () => ok(await regionSummaries(s.db)),
  );

  app.get(
    '/api/band/color',
    { schema: { tags, summary: 'The colour of each region', response: { 200: envelopeOf(z.array(regionColor)) } } },
    async () => ok((await regionSummaries(s.db)).map(({ region, color }) => ({ region, color }))),
  );

  app.post(
    '/api/band/update',
    { config: { access: 'admin' }, schema: { tags, summary: "Change a region's colour", body: bandUpdateBody } },
    async (req) => {
      if (!regionById(req.body.region)) throw new DomainError(C.PARAM_FORMAT, 'unknown region', 'region');
      await setRegionColor(s.db, req.body.region, req.body.color);
      return ok();
    },
  );

  app.get(
    '/api/band/info',
    {
      schema: {
        tags,
        summary: 'A region in full: data rates, RX1/RX2 rules, tx powers and each subnet with channels and CFList',
        querystring: regionInfoQuery,
        response: { 200: envelopeOf(regionDetail) },
      },
    },
    async (req) => {
      const d = await detailOf(s.db, req.query.region);
      if (!d) throw new DomainError(C.PARAM_FORMAT, 'unknown region', 'region');
      return ok(d);
    },
  );

  app.get(
    '/api/subnet/gateway',
    {
      schema: {
        tags,
        summary: 'The subnets a gateway may use, per region',
        response: { 200: envelopeOf(z.array(subnetsOfRegion)) },
      },
    },
    async () => ok((await regionSummaries(s.db)).map(({ region, subnets }) => ({ region, subnets }))),
  );
};
