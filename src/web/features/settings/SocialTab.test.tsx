/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { screen, waitFor } from '@testing-library/react';
import { json } from '../../test/fetchMock';
import { SocialTab } from './SocialTab';
import { held, reader, renderSignedIn, sentForm } from './settingsTesting';

const box = (label: string) => screen.getByLabelText(label);
const save = () => screen.getByRole('button', { name: 'حفظ الروابط' });
const isUpdate = (req: Request, path: string) => req.method === 'PATCH' && path === '/auth/me/update/';

describe('SocialTab', () => {
  it('shows the five links of the account; save waits for a change', async () => {
    const { user } = await renderSignedIn(<SocialTab user={{ ...reader, twitter: '@sara' }} />);
    expect(['الموقع الإلكتروني', 'تويتر', 'فيسبوك', 'إنستغرام', 'لينكد إن'].map((l) => (box(l) as HTMLInputElement).value)).toEqual(['', '@sara', '', '', '']);
    expect(save()).toBeDisabled();
    await user.type(box('فيسبوك'), 'sara');
    expect(save()).toBeEnabled();
  });

  it("says 'invalid link' for a website that is no web address, and sends nothing", async () => {
    const { user, api } = await renderSignedIn(<SocialTab user={reader} />);
    await user.type(box('الموقع الإلكتروني'), 'sara.example');
    await user.click(save());
    expect(await screen.findByText('رابط غير صالح')).toBeInTheDocument();
    expect(box('الموقع الإلكتروني')).toHaveAttribute('aria-invalid', 'true');
    await user.type(box('الموقع الإلكتروني'), '/');
    expect(screen.queryByText('رابط غير صالح')).not.toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('sends the links (trimmed, free-text handles, an emptied website) as multipart and says it was updated', async () => {
    const sent: Record<string, string>[] = [];
    const call = held(() => json(200, reader));
    const { user } = await renderSignedIn(<SocialTab user={{ ...reader, website: 'https://old.example' }} />, {
      handler: async (req, path) => {
        if (!isUpdate(req, path)) return json(404, {});
        sent.push(await sentForm(req.clone()));
        return call.handler(req, path);
      },
    });
    await user.clear(box('الموقع الإلكتروني'));
    await user.type(box('تويتر'), ' @sara ');
    await user.type(box('لينكد إن'), 'سارة ق');
    await user.click(save());
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(save()).toBeDisabled();
    expect(box('تويتر')).toBeDisabled();
    call.release();
    expect(await screen.findByText('تم التحديث بنجاح')).toBeInTheDocument();
    expect(sent[0]).toEqual({ website: '', twitter: '@sara', facebook: '', instagram: '', linkedin: 'سارة ق' });
  });

  it('puts the server’s field messages inline and says the §8 failure, keeping what was typed', async () => {
    const { user } = await renderSignedIn(<SocialTab user={reader} />, {
      handler: (req, path) => (isUpdate(req, path) ? json(400, { website: ['أدخل رابطاً صالحاً.'] }) : json(404, {})),
    });
    await user.type(box('الموقع الإلكتروني'), 'https://sara.example');
    await user.click(save());
    expect(await screen.findByText('خطأ في تحديث روابط التواصل')).toBeInTheDocument();
    expect(screen.getByText('أدخل رابطاً صالحاً.')).toBeInTheDocument();
    expect(box('الموقع الإلكتروني')).toHaveValue('https://sara.example');
  });

  it('says the §8 failure for a server error', async () => {
    const { user } = await renderSignedIn(<SocialTab user={reader} />, { handler: () => json(500, {}) });
    await user.type(box('إنستغرام'), 'sara');
    await user.click(save());
    expect(await screen.findByText('خطأ في تحديث روابط التواصل')).toBeInTheDocument();
    expect(save()).toBeEnabled();
  });
});
