/**
 * The shell commands a gateway runs for the console's commands, per platform: Debian with systemd,
 * or OpenWrt with procd and logd. The configuration file's `commands` map replaces or removes any.
 * A command exits 100 when there is nothing to do (the service runs already, …): answered notNeeded.
 */

export const PLATFORMS = ['debian', 'openwrt'] as const;
export type Platform = (typeof PLATFORMS)[number];

/** `systemctl is-active` first, so that starting a running service is "not needed". */
const systemdStart = (unit: string) => `systemctl is-active --quiet ${unit} && exit 100; systemctl start ${unit}`;
const systemdStop = (unit: string) => `systemctl is-active --quiet ${unit} || exit 100; systemctl stop ${unit}`;
/** procd's init scripts; `pidof` tells whether the daemon runs. */
const procdStart = (script: string, daemon: string) =>
  `pidof ${daemon} >/dev/null && exit 100; /etc/init.d/${script} start`;
const procdStop = (script: string, daemon: string) =>
  `pidof ${daemon} >/dev/null || exit 100; /etc/init.d/${script} stop`;

/** A login prompt on the first serial port, started in the background by busybox. */
const SERIAL_PID = '/var/run/gateway-agent-serial.pid';

export const PLATFORM_COMMANDS: Record<Platform, Record<string, string>> = {
  debian: {
    reboot: 'systemctl reboot',
    // --no-block: systemd stops this agent; the command must return first so that it answers.
    restartBridge: 'systemctl --no-block restart gateway-agent',
    restartPacketForwarder: 'systemctl restart lora-pkt-fwd',
    openSSH: systemdStart('ssh'),
    closeSSH: systemdStop('ssh'),
    openSerial: systemdStart('serial-getty@ttyS0'),
    closeSerial: systemdStop('serial-getty@ttyS0'),
    openWeb: systemdStart('lighttpd'),
    closeWeb: systemdStop('lighttpd'),
    getBridgeLogs: 'journalctl -u gateway-agent -n 200 --no-pager',
    getPacketForwarderLogs: 'journalctl -u lora-pkt-fwd -n 200 --no-pager',
  },
  openwrt: {
    reboot: 'reboot',
    // In the background: procd stops this agent, which must answer first.
    restartBridge: '(sleep 1; /etc/init.d/gateway-agent restart) >/dev/null 2>&1 &',
    restartPacketForwarder: '/etc/init.d/lora-pkt-fwd restart',
    openSSH: procdStart('dropbear', 'dropbear'),
    closeSSH: procdStop('dropbear', 'dropbear'),
    openSerial: `[ -f ${SERIAL_PID} ] && kill -0 "$(cat ${SERIAL_PID})" 2>/dev/null && exit 100; start-stop-daemon -S -b -m -p ${SERIAL_PID} -x /sbin/getty -- -L ttyS0 115200 vt100`,
    closeSerial: `[ -f ${SERIAL_PID} ] || exit 100; start-stop-daemon -K -p ${SERIAL_PID}; rm -f ${SERIAL_PID}`,
    openWeb: procdStart('uhttpd', 'uhttpd'),
    closeWeb: procdStop('uhttpd', 'uhttpd'),
    getBridgeLogs: 'logread -e gateway-agent | tail -n 200',
    getPacketForwarderLogs: 'logread -e lora_pkt_fwd | tail -n 200',
  },
};

/** How a noise scan stops the packet forwarder (which holds the concentrator) and starts it again. */
export const PACKET_FORWARDER_STOP_START: Record<Platform, { stop: string; start: string }> = {
  debian: { stop: 'systemctl stop lora-pkt-fwd', start: 'systemctl start lora-pkt-fwd' },
  openwrt: { stop: '/etc/init.d/lora-pkt-fwd stop', start: '/etc/init.d/lora-pkt-fwd start' },
};
