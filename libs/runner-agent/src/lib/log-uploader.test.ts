import { describe, expect, it } from 'vitest';
import { contractStepName, LogUploader } from './runner-agent';

describe('LogUploader', () => {
  it('sends batches in order at their offsets, cut at line ends, and the rest on close', async () => {
    const sent: { offset: number; text: string }[] = [];
    const uploader = new LogUploader(
      async (offset, data) => {
        sent.push({ offset, text: data.toString('utf8') });
        return offset + data.length;
      },
      16,
      10_000,
    );
    await uploader.write(Buffer.from('héllo wörld\nsecond line without end'));
    expect(sent).toEqual([{ offset: 0, text: 'héllo wörld\n' }]);
    await uploader.write(Buffer.from(' and more\n'));
    expect(await uploader.close()).toBe(Buffer.byteLength('héllo wörld\nsecond line without end and more\n'));
    expect(sent.map((s) => s.text).join('')).toBe('héllo wörld\nsecond line without end and more\n');
    expect(sent[1]?.offset).toBe(Buffer.byteLength('héllo wörld\n'));
  });

  it('flushes a quiet log after the flush delay', async () => {
    const sent: string[] = [];
    const uploader = new LogUploader(async (offset, data) => {
      sent.push(data.toString());
      return offset + data.length;
    }, 1024, 20);
    await uploader.write(Buffer.from('one line\n'));
    expect(sent).toEqual([]);
    await new Promise((r) => setTimeout(r, 80));
    expect(sent).toEqual(['one line\n']);
    expect(await uploader.close()).toBe(9);
  });

  it('stops at the first refused batch and says so to the writer', async () => {
    const uploader = new LogUploader(async () => {
      throw new Error('refused');
    }, 4, 10_000);
    await expect(uploader.write(Buffer.from('abcdef\n'))).rejects.toThrow('refused');
    expect(() => uploader.write(Buffer.from('more\n'))).toThrow('refused');
  });

  it('names steps as the contract does', () => {
    expect(contractStepName('customFlow.beforeInit')).toBe('customFlowBeforeInit');
    expect(contractStepName('terraformPlan')).toBe('terraformPlan');
  });
});
