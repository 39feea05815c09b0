import type { AppCommandOf } from '../applayer/codec';

/**
 * The MAC commands of LoRaWAN Relay TS011-1.0.0 (CIDs 0x40..0x46), exchanged between the network
 * server and the relay (an ordinary end-device) in FOpts or on FPort 0. 'down' = sent by the network.
 * Frequencies in Hz (24-bit multiples of 100 Hz); DevAddr big-endian hex (little-endian on air).
 */
export interface RelayMacFields {
  /** cadPeriodicity 0..5 (1 s, 500, 250, 100, 50, 20 ms); secondChIdx 0 = no second channel. */
  RelayConfReq: {
    startStop: number;
    cadPeriodicity: number;
    defaultChIdx: number;
    secondChIdx: number;
    secondChDr: number;
    secondChAckOffset: number;
    secondChFreq: number;
  };
  RelayConfAns: {
    secondChFreqAck: boolean;
    secondChAckOffsetAck: boolean;
    secondChDrAck: boolean;
    secondChIdxAck: boolean;
    defaultChIdxAck: boolean;
    cadPeriodicityAck: boolean;
  };
  /** relayModeActivation 0 off, 1 on, 2 dynamic, 3 end-device controlled; backoff 0..63. */
  EndDeviceConfReq: {
    relayModeActivation: number;
    smartEnableLevel: number;
    secondChAckOffset: number;
    secondChDr: number;
    secondChIdx: number;
    backoff: number;
    secondChFreq: number;
  };
  EndDeviceConfAns: { secondChFreqAck: boolean; secondChDrAck: boolean; secondChIdxAck: boolean; backoffAck: boolean };
  /** action 0 no rule, 1 forward, 2 filter; eui: 0..16 bytes of JoinEUI‖DevEUI, hex, reversed on air. */
  FilterListReq: { filterListIdx: number; filterListAction: number; filterListEui: string };
  FilterListAns: { filterListActionAck: boolean; filterListLenAck: boolean; combinedRulesAck: boolean };
  /** reloadRate 0..63, bucketSize 0..3; rootWorSKey 16 bytes hex, as on air. */
  UpdateUplinkListReq: {
    uplinkListIdx: number;
    reloadRate: number;
    bucketSize: number;
    devAddr: string;
    wFCnt: number;
    rootWorSKey: string;
  };
  UpdateUplinkListAns: Record<never, never>;
  /** ctrlUplinkAction 0 = read WFCnt, 1 = remove the entry. */
  CtrlUplinkListReq: { uplinkListIdx: number; ctrlUplinkAction: number };
  CtrlUplinkListAns: { uplinkListIdxAck: boolean; wFCnt: number };
  /** Reload rates 0..127; resetLimitCounter 0 zero, 1 reload rate, 2 max, 3 no change; sizes 0..3. */
  ConfigureFwdLimitReq: {
    overallReloadRate: number;
    globalUplinkReloadRate: number;
    notifyReloadRate: number;
    joinReqReloadRate: number;
    resetLimitCounter: number;
    overallLimitSize: number;
    globalUplinkLimitSize: number;
    notifyLimitSize: number;
    joinReqLimitSize: number;
  };
  ConfigureFwdLimitAns: Record<never, never>;
  /** Sent by the relay: an unknown end-device was heard. worSnr −20..11 dB, worRssi −142..−15 dBm. */
  NotifyNewEndDeviceReq: { devAddr: string; worSnr: number; worRssi: number };
}
export type RelayMacCommand = AppCommandOf<RelayMacFields>;
