/**
 * Column headers, sheet names and cell words of the spreadsheet exports (devices, a gateway's
 * link history and status reports) in both languages: the files are read by people, so they
 * speak the language the request asked for (Accept-Language), like `msg`.
 */
import type { Locale } from './codes';
import type { ExportField } from './devices';

type Words = { en: string; zh: string };
const w = (en: string, zh: string): Words => ({ en, zh });

export const EXPORT_FIELD_HEADERS: Record<ExportField, Words> = {
  devEUI: w('DevEUI', 'DevEUI'),
  devName: w('Device name', '设备名称'),
  appEUI: w('AppEUI', 'AppEUI'),
  devAddr: w('DevAddr', 'DevAddr'),
  authType: w('Activation', '激活方式'),
  class: w('Device class', '设备类型'),
  macVersion: w('MAC version', 'MAC 版本'),
  productType: w('Product type', '产品类型'),
  region: w('Region', '频段'),
  subnet: w('Subnet', '子网'),
  fCntUp: w('Uplink frame counter', '上行帧计数'),
  fCntDown: w('Downlink frame counter', '下行帧计数'),
  lastSeen: w('Last seen', '最后通信'),
  rssi: w('RSSI', 'RSSI'),
  snr: w('SNR', 'SNR'),
  remarks: w('Remarks', '备注'),
  tags: w('Tags', '标签'),
  createtime: w('Created', '创建时间'),
};

/** The signal sheet: one row per received uplink of an exported device. */
export const EXPORT_SIGNAL_HEADERS = {
  devEUI: w('DevEUI', 'DevEUI'),
  time: w('Time', '时间'),
  rssi: w('RSSI', 'RSSI'),
  snr: w('SNR', 'SNR'),
  gwID: w('Gateway ID', '网关 ID'),
} as const;

export const EXPORT_SHEETS = {
  devices: w('Devices', '设备'),
  signal: w('Signal', '信号'),
  gwconnection: w('Link history', '连接历史'),
  gwstats: w('Status reports', '状态报告'),
} as const;

/** A gateway's link history: one row per online/offline change. */
export const GW_CONNECTION_HEADERS = {
  gwID: w('Gateway ID', '网关 ID'),
  time: w('Time', '时间'),
  online: w('State', '状态'),
  link: w('Link', '链路'),
} as const;
export const GW_ONLINE_WORDS = { online: w('online', '在线'), offline: w('offline', '离线') } as const;

/** The packet forwarder's status report fields, in export column order, with their meaning. */
export const GW_STAT_HEADERS = {
  rxnb: w('Packets received (rxnb)', '接收包数 (rxnb)'),
  rxok: w('Packets with valid CRC (rxok)', 'CRC 正确包数 (rxok)'),
  rxfw: w('Packets forwarded (rxfw)', '转发包数 (rxfw)'),
  ackr: w('Upstream acknowledged % (ackr)', '上行确认率 % (ackr)'),
  dwnb: w('Downlinks received (dwnb)', '收到下行数 (dwnb)'),
  txnb: w('Packets sent (txnb)', '发送包数 (txnb)'),
  lati: w('Latitude (lati)', '纬度 (lati)'),
  long: w('Longitude (long)', '经度 (long)'),
  alti: w('Altitude (alti)', '海拔 (alti)'),
  time: w('Gateway time (time)', '网关时间 (time)'),
} as const;

/** The words in one language. */
export const exportWords = (words: Words, locale: Locale): string => (locale === 'zh-CN' ? words.zh : words.en);
