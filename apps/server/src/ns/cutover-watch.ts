/**
 * Whether subnet cutover requests may be due: the cutover runner (gateways/subnet-switch/runner.ts)
 * sets `active` while any task is open or a device is still to be told its plan back, so uplinks
 * look cutover members up (ns/cutover.ts) only then and cost no query otherwise.
 */
export class CutoverWatch {
  active = false;
}
