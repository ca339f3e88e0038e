import { describe, expect, it } from 'vitest';
import { httpErrorNotice, streamErrorNotice } from './http-errors';
import { renderMessage } from './message';

describe('httpErrorNotice', () => {
  it.each<[number | undefined, string[], string, string | undefined]>([
    [undefined, [], 'Something went wrong', undefined],
    [400, ['Stack name already exists', 'second'], 'Stack name already exists', undefined],
    [400, [], 'Error fulfilling request', undefined],
    [400, ['  '], 'Error fulfilling request', undefined],
    [401, ['anything'], 'Authentication Fail', 'Please login again'],
    [403, [], 'User is not authorized to perform this action', undefined],
    [403, ['unauthorized'], 'User is not authorized to perform this action', undefined],
    [403, ['Only admins can delete namespaces'], 'Only admins can delete namespaces', undefined],
    [404, ['not_found'], 'Not Found', undefined],
    [500, [], 'Internal Server Error', undefined],
    [508, [], 'Time Out', undefined],
    [502, [], 'Something went wrong', undefined],
    [418, ['teapot'], 'Something went wrong', undefined],
  ])('%s %j → %s', (status, messages, title, description) => {
    const notice = httpErrorNotice(status, messages);
    expect(renderMessage(notice.title)).toBe(title);
    expect(notice.description && renderMessage(notice.description)).toBe(description);
  });
});

describe('streamErrorNotice', () => {
  it.each<[string | undefined, string]>([
    [undefined, 'Stream connection failed'],
    ['', 'Stream connection failed'],
    ['network reset', 'network reset'],
  ])('%j → %s', (reason, description) => {
    const notice = streamErrorNotice(reason);
    expect(renderMessage(notice.title)).toBe('Stream Connection Error');
    expect(notice.description && renderMessage(notice.description)).toBe(description);
  });
});
