import { describe, expect, it } from 'vitest';
import { addressList, taskFormDefaults, taskFormSchema, type TaskFormValues } from './task-form';

const parse = (values: Partial<TaskFormValues>) => taskFormSchema.safeParse({ ...taskFormDefaults, ...values });
const problems = (values: Partial<TaskFormValues>) =>
  (parse(values).error?.issues ?? []).map((issue) => ({ path: issue.path.join('.'), code: issue.code, message: issue.message }));

describe('taskFormSchema', () => {
  it('makes each task type its contract shape', () => {
    expect(parse({ taskType: 'releaseStateLock', lockId: ' 8f3a ' }).data).toEqual({ taskType: 'releaseStateLock', lockId: '8f3a' });
    expect(parse({ taskType: 'taintResources', addresses: 'aws_instance.web\n\n module.app.aws_s3_bucket.logs[0] ,data.aws_ami.base' }).data).toEqual({
      taskType: 'taintResources',
      resourcesAddresses: ['aws_instance.web', 'module.app.aws_s3_bucket.logs[0]', 'data.aws_ami.base'],
    });
    expect(parse({ taskType: 'importResources', imports: [{ resourceAddress: 'aws_s3_bucket.logs', importId: ' acme-logs ' }] }).data).toEqual({
      taskType: 'importResources',
      resources: [{ resourceAddress: 'aws_s3_bucket.logs', importId: 'acme-logs' }],
    });
    expect(parse({ taskType: 'refreshState', mode: 'Apply' }).data).toEqual({ taskType: 'refreshState', mode: 'Apply' });
  });

  it('checks only the chosen type’s fields', () => {
    expect(parse({ taskType: 'refreshState', lockId: '', addresses: 'not an address' }).success).toBe(true);
  });

  it('asks for what each type needs, and checks resource addresses with the domain rule', () => {
    expect(problems({ taskType: 'releaseStateLock', lockId: '   ' })).toMatchObject([{ path: 'lockId', code: 'too_small' }]);
    expect(problems({ taskType: 'removeResources', addresses: ' \n ' })).toMatchObject([{ path: 'addresses', code: 'too_small' }]);
    expect(problems({ taskType: 'untaintResources', addresses: 'aws_instance' })).toMatchObject([
      { path: 'addresses', code: 'custom', message: expect.stringContaining('Enter a resource address') },
    ]);
    expect(problems({ taskType: 'taintResources', addresses: 'a.b\na.b' })).toMatchObject([{ path: 'addresses', message: 'Each resource address may be listed once' }]);
    expect(problems({ taskType: 'importResources', imports: [] })).toMatchObject([{ path: 'imports', code: 'too_small' }]);
    expect(problems({ taskType: 'importResources', imports: [{ resourceAddress: 'bad', importId: '' }] })).toMatchObject([
      { path: 'imports.0.resourceAddress', code: 'custom' },
      { path: 'imports.0.importId', code: 'too_small' },
    ]);
  });
});

describe('addressList', () => {
  it('takes one address per line or comma, trimmed, without blanks', () => {
    expect(addressList(' a.b ,\n\nc.d\r\n')).toEqual(['a.b', 'c.d']);
  });
});
