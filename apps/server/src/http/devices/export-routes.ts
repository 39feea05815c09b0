import { deviceApi as api } from '@lns/contract/api/devices';
import { C } from '@lns/contract/codes';
import { type DeviceRow, type ExportField, SIGNAL_POINTS_MAX } from '@lns/contract/devices';
import { EXPORT_FIELD_HEADERS, EXPORT_SHEETS, EXPORT_SIGNAL_HEADERS, exportWords } from '@lns/contract/export-headers';
import { ApplicationRepository } from '../../applications/repository';
import { DeviceRepository } from '../../devices/repository';
import type { ListedRecord } from '../../devices/row';
import { DomainError } from '../../errors';
import { loadXlsx } from '../../spreadsheets/xlsx';
import { ok } from '../envelope';
import { route } from '../route';
import type { RouteModule } from '../types';

/** Rows of the export's signal sheet (decision; keeps one export under a few MB). */
const EXPORT_SIGNAL_MAX = 200_000;
const DAY = 86_400_000;

const TIME_FIELDS = new Set<ExportField>(['lastSeen', 'createtime']);
const cell = (row: DeviceRow, f: ExportField): unknown => {
  if (f === 'tags') return row.tags.join(', ');
  const v = row[f];
  if (TIME_FIELDS.has(f)) return typeof v === 'number' ? new Date(v) : '';
  return v ?? '';
};

/** Export to .xlsx and the RSSI/SNR history of the device chart. */
export const deviceExportRoutes: RouteModule = (app, s) => {
  const apps = new ApplicationRepository(s.db);
  const repo = new DeviceRepository(s.db);

  route(app, api.export, async (req, reply) => {
    const b = req.body;
    let rows: ListedRecord[];
    if (b.devEUIs.length) {
      const euis = [...new Set(b.devEUIs)];
      rows = await repo.visibleMany(euis, req.user);
      if (rows.length !== euis.length) {
        const found = new Set(rows.map((r) => r.devEui));
        throw new DomainError(
          C.DEVICE_MISSING,
          euis.find((e) => !found.has(e)),
          'devEUIs',
        );
      }
      const order = new Map(euis.map((e, i) => [e, i]));
      rows.sort((x, y) => order.get(x.devEui)! - order.get(y.devEui)!);
    } else {
      if (!(await apps.visible(b.appID!, req.user))) throw new DomainError(C.APP_MISSING, undefined, 'appID');
      rows = (await repo.list(req.user, { offset: 0, appID: b.appID, orderBy: 'devEUI', orderType: 'asc' })).rows;
    }
    const decorated = await repo.decorate(rows);
    const signal = await repo.signalOf(
      rows.map((r) => r.devEui),
      b.startTime,
      b.endTime,
      EXPORT_SIGNAL_MAX,
    );
    // Headers and sheet names in the language the request asked for.
    const say = (words: { en: string; zh: string }) => exportWords(words, req.locale);
    const XLSX = await loadXlsx();
    const book = XLSX.utils.book_new();
    const devicesSheet = [
      b.fields.map((f) => say(EXPORT_FIELD_HEADERS[f])),
      ...decorated.map((r) => b.fields.map((f) => cell(r, f))),
    ];
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet(devicesSheet, { cellDates: true }),
      say(EXPORT_SHEETS.devices),
    );
    const signalSheet = [
      Object.values(EXPORT_SIGNAL_HEADERS).map(say),
      ...signal.map((p) => [p.devEui, new Date(p.createdAt), p.rssi ?? '', p.snr ?? '', p.gwId ?? '']),
    ];
    XLSX.utils.book_append_sheet(
      book,
      XLSX.utils.aoa_to_sheet(signalSheet, { cellDates: true }),
      say(EXPORT_SHEETS.signal),
    );
    const buf = XLSX.write(book, { type: 'buffer', bookType: 'xlsx', compression: true }) as Buffer;
    const stamp = new Date().toISOString().slice(0, 19).replace(/[-:T]/g, '');
    return reply
      .header('content-type', 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet')
      .header('content-disposition', `attachment; filename="devices-${stamp}.xlsx"`)
      .send(buf);
  });

  route(app, api.signal, async (req) => {
    const q = req.query;
    const d = await repo.visible(q.devEUI, req.user);
    if (!d) throw new DomainError(C.DEVICE_MISSING, undefined, 'devEUI');
    const end = q.endTime ?? Date.now();
    const start = q.startTime ?? end - DAY;
    if (start > end) throw new DomainError(C.PARAM_FORMAT, 'must not follow endTime', 'startTime');
    const points = (await repo.signal(d.devEui, start, end, SIGNAL_POINTS_MAX)).map((p) => ({
      createtime: p.createdAt,
      rssi: p.rssi,
      snr: p.snr,
      gwID: p.gwId,
    }));
    return ok(q.order === 'desc' ? points.reverse() : points);
  });
};
