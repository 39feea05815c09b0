import { z } from 'zod';
import { endpoint, okEnvelope } from '../endpoint';
import { envelopeOf, listEnvelopeOf } from '../envelope';
import {
  switchApplicationBody,
  switchApplicationResult,
  switchDevice,
  switchDevicesBody,
  switchGateway,
  switchGatewaysBody,
  switchMemberListQuery,
  switchTask,
  switchTaskBody,
  switchTaskIdBody,
  switchTaskIdQuery,
  switchTaskListQuery,
  switchTaskUpdateBody,
} from '../subnet-switch';

const tags = ['subnet cutover'] as const;
const memberCodes = '17001 no task, 17003 the task is past its switch time or over';

/** Subnet cutover tasks (docs/product/subnet-cutover.md); every call is admin only (1010 for others). */
export const subnetSwitchTaskApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/subnetswitch/task/list',
    access: 'admin',
    tags,
    summary: 'Cutover tasks, newest first unless ordered; filter by status or a part of the name',
    query: switchTaskListQuery,
    response: listEnvelopeOf(switchTask),
  }),
  info: endpoint({
    method: 'GET',
    path: '/api/subnetswitch/task/info',
    access: 'admin',
    tags,
    summary: 'One cutover task; 17001 when missing',
    query: switchTaskIdQuery,
    response: envelopeOf(switchTask),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/subnetswitch/task/create',
    access: 'admin',
    tags,
    summary:
      'A cutover task (status 1) from currentChannelPlan to nextChannelPlan (region:subnet, same region); 17002 name exists, 1011 unknown subnet, 1017 other region or same plan, 1007 switchTime in the past',
    body: switchTaskBody,
    response: envelopeOf(z.object({ taskId: z.number() })),
  }),
  update: endpoint({
    method: 'POST',
    path: '/api/subnetswitch/task/update',
    access: 'admin',
    tags,
    summary:
      'Change a task before its switch time; the plans only while it has no members (17003); 17004 when the interval is not shorter than a member gateway’s statInterval',
    body: switchTaskUpdateBody,
    response: okEnvelope,
  }),
  cancel: endpoint({
    method: 'POST',
    path: '/api/subnetswitch/task/cancel',
    access: 'admin',
    tags,
    summary:
      'Cancel a task before its switch time (status 5): nothing moves; devices already told the union of both plans are told their current plan again. 17003 after the switch',
    body: switchTaskIdBody,
    response: okEnvelope,
  }),
  delete: endpoint({
    method: 'POST',
    path: '/api/subnetswitch/task/delete',
    access: 'admin',
    tags,
    summary:
      'Delete a task and its member lists; 17007 while it is running (requests sent, or switched and not over): cancel it or let it finish first',
    body: switchTaskIdBody,
    response: okEnvelope,
  }),
};

export const subnetSwitchMemberApi = {
  gatewayList: endpoint({
    method: 'GET',
    path: '/api/subnetswitch/gateway/list',
    access: 'admin',
    tags,
    summary: 'The member gateways of a task, with their status and whether they need manual action',
    query: switchMemberListQuery,
    response: listEnvelopeOf(switchGateway),
  }),
  gatewayAdd: endpoint({
    method: 'POST',
    path: '/api/subnetswitch/gateway/add',
    access: 'admin',
    tags,
    summary: `Add gateways, all or none: 5001 unknown, 17006 not on the current plan, 17005 in another open task, 17004 statInterval not longer than the interval; ${memberCodes}`,
    body: switchGatewaysBody,
    response: okEnvelope,
  }),
  gatewayDelete: endpoint({
    method: 'POST',
    path: '/api/subnetswitch/gateway/delete',
    access: 'admin',
    tags,
    summary: `Remove gateways from a task before its switch; 17008 when one is not a member; ${memberCodes}`,
    body: switchGatewaysBody,
    response: okEnvelope,
  }),
  deviceList: endpoint({
    method: 'GET',
    path: '/api/subnetswitch/device/list',
    access: 'admin',
    tags,
    summary: 'The member devices of a task, with their status, phase and requests sent',
    query: switchMemberListQuery,
    response: listEnvelopeOf(switchDevice),
  }),
  deviceAdd: endpoint({
    method: 'POST',
    path: '/api/subnetswitch/device/add',
    access: 'admin',
    tags,
    summary: `Add devices, all or none: 4001 unknown, 17006 not on the current plan (or automatic subnet), 17005 in another open task; ${memberCodes}`,
    body: switchDevicesBody,
    response: okEnvelope,
  }),
  deviceDelete: endpoint({
    method: 'POST',
    path: '/api/subnetswitch/device/delete',
    access: 'admin',
    tags,
    summary: `Remove devices before the switch; one already told the union becomes 5 canceled and is told its current plan again; 17008 not a member; ${memberCodes}`,
    body: switchDevicesBody,
    response: okEnvelope,
  }),
  applicationAdd: endpoint({
    method: 'POST',
    path: '/api/subnetswitch/application/add',
    access: 'admin',
    tags,
    summary: `Add every device of an application that can join (on the current plan, in no other open task, not a member yet); the others are listed with their code. 3001 unknown application; ${memberCodes}`,
    body: switchApplicationBody,
    response: envelopeOf(switchApplicationResult),
  }),
};
