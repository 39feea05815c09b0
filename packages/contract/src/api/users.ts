import { endpoint, okEnvelope } from '../endpoint';
import { envelopeOf, listEnvelopeOf } from '../envelope';
import {
  apiTokenResult,
  mqttPasswordResult,
  passwordChangeBody,
  passwordChangeResult,
  userCreateBody,
  userCreated,
  userDetail,
  userIdBody,
  userIdQuery,
  userListQuery,
  userRow,
  userUpdateBody,
} from '../users';

const tags = ['users'] as const;

export const userApi = {
  list: endpoint({
    method: 'GET',
    path: '/api/user/list',
    access: 'admin',
    tags,
    summary: 'Users, paged',
    query: userListQuery,
    response: listEnvelopeOf(userRow),
  }),
  create: endpoint({
    method: 'POST',
    path: '/api/user/create',
    access: 'admin',
    tags,
    summary: 'Create a user',
    body: userCreateBody,
    response: envelopeOf(userCreated),
  }),
  update: endpoint({
    method: 'POST',
    path: '/api/user/update',
    access: 'admin',
    tags,
    summary: 'Update a user; a new password signs the user out everywhere',
    body: userUpdateBody,
    response: okEnvelope,
  }),
  delete: endpoint({
    method: 'POST',
    path: '/api/user/delete',
    access: 'admin',
    tags,
    summary: 'Delete a user (its sessions end with it)',
    body: userIdBody,
    response: okEnvelope,
  }),
  // Admins read anyone; a common user may read its own detail (1010 for anyone else's).
  status: endpoint({
    method: 'GET',
    path: '/api/user/status',
    access: 'user',
    tags,
    summary: 'User detail with API token and MQTT credentials',
    query: userIdQuery,
    response: envelopeOf(userDetail),
  }),
  regenerateToken: endpoint({
    method: 'POST',
    path: '/api/user/token/regenerate',
    access: 'user',
    tags,
    summary: "Replace a user's API token (self, or any user for admins); the old one stops working",
    body: userIdBody,
    response: envelopeOf(apiTokenResult),
  }),
  regenerateMqtt: endpoint({
    method: 'POST',
    path: '/api/user/mqtt/regenerate',
    access: 'user',
    tags,
    summary: "Replace a user's MQTT password (self, or any user for admins); the old one stops working",
    body: userIdBody,
    response: envelopeOf(mqttPasswordResult),
  }),
  changePassword: endpoint({
    method: 'POST',
    path: '/api/user/password',
    access: 'user',
    tags,
    summary:
      'Change your own password: every session, the API token and the MQTT password are revoked; answers a fresh session token',
    body: passwordChangeBody,
    response: envelopeOf(passwordChangeResult),
  }),
};
