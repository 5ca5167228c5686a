/** @jest-environment ./src/web/test/jsdomWithFetch.ts */
import { screen, waitFor } from '@testing-library/react';
import { json } from '../../test/fetchMock';
import { ProfileTab } from './ProfileTab';
import { held, reader, renderSignedIn, sentForm, stubObjectUrls } from './settingsTesting';

stubObjectUrls();

const box = (label: RegExp) => screen.getByLabelText(label);
const save = () => screen.getByRole('button', { name: 'حفظ التغييرات' });
const firstName = () => box(/^الاسم الأول/);
const lastName = () => box(/^اسم العائلة/);
const bio = () => box(/^نبذة/);
const place = () => box(/^الموقع/);
const png = (name = 'me.png') => new File([new Uint8Array([137, 80, 78, 71])], name, { type: 'image/png' });
const isUpdate = (req: Request, path: string) => req.method === 'PATCH' && path === '/auth/me/update/';

describe('ProfileTab', () => {
  it('starts from the account, with the §2 fields, placeholder, 4-row bio and counter', async () => {
    await renderSignedIn(<ProfileTab user={reader} />);
    expect(firstName()).toHaveValue('سارة');
    expect(lastName()).toHaveValue('القحطاني');
    expect(bio()).toHaveValue('قارئة');
    expect(bio()).toHaveAttribute('rows', '4');
    expect(screen.getByText('5/500')).toBeInTheDocument();
    expect(place()).toHaveValue('الرياض');
    expect(place()).toHaveAttribute('placeholder', 'المدينة، الدولة');
    expect(screen.getByText('س\u200cق')).toBeInTheDocument();
  });

  it('enables save only once something changed', async () => {
    const { user } = await renderSignedIn(<ProfileTab user={reader} />);
    expect(save()).toBeDisabled();
    await user.type(place(), '!');
    expect(save()).toBeEnabled();
    await user.type(place(), '{Backspace}');
    expect(save()).toBeDisabled();
    await user.upload(screen.getByLabelText('الصورة الشخصية'), png());
    expect(save()).toBeEnabled();
  });

  it("says 'first name is required' and 'last name is required', and sends nothing", async () => {
    const { user, api } = await renderSignedIn(<ProfileTab user={reader} />);
    await user.clear(firstName());
    await user.clear(lastName());
    await user.type(lastName(), '   ');
    await user.click(save());
    expect(await screen.findByText('الاسم الأول مطلوب')).toBeInTheDocument();
    expect(screen.getByText('اسم العائلة مطلوب')).toBeInTheDocument();
    expect(firstName()).toHaveAttribute('aria-invalid', 'true');
    // Editing a field clears its message.
    await user.type(firstName(), 'س');
    expect(screen.queryByText('الاسم الأول مطلوب')).not.toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it("counts the bio live and says 'bio must be under 500 characters' past 500", async () => {
    const { user, api } = await renderSignedIn(<ProfileTab user={{ ...reader, bio: '' }} />);
    await user.click(bio());
    await user.paste('ن'.repeat(501));
    expect(screen.getByText('501/500')).toBeInTheDocument();
    await user.click(save());
    expect(await screen.findByText('يجب أن تكون النبذة أقل من 500 حرف')).toBeInTheDocument();
    await user.type(bio(), '{Backspace}');
    expect(screen.getByText('500/500')).toBeInTheDocument();
    expect(api.calls).toHaveLength(0);
  });

  it('sends the non-null fields as multipart, the picture as a file; busy meanwhile; then confirms and updates the session', async () => {
    const sent: Record<string, string>[] = [];
    const updated = { ...reader, first_name: 'هدى', profile_picture: '/media/avatars/1-b.webp' };
    const call = held(() => json(200, updated));
    const { user, store } = await renderSignedIn(<ProfileTab user={reader} />, {
      handler: async (req, path) => {
        if (!isUpdate(req, path)) return json(404, {});
        sent.push(await sentForm(req.clone()));
        return call.handler(req, path);
      },
    });
    await user.clear(firstName());
    await user.type(firstName(), '  هدى ');
    await user.upload(screen.getByLabelText('الصورة الشخصية'), png());
    await user.click(save());
    await waitFor(() => expect(sent).toHaveLength(1));
    expect(save()).toBeDisabled();
    expect(firstName()).toBeDisabled();
    expect(screen.getByLabelText('الصورة الشخصية')).toBeDisabled();
    call.release();
    expect(await screen.findByText('تم تحديث الملف الشخصي بنجاح')).toBeInTheDocument();
    expect(sent[0]).toEqual({ first_name: 'هدى', last_name: 'القحطاني', bio: 'قارئة', location: 'الرياض', profile_picture: 'file:me.png' });
    // The layout's user card reads the session's user.
    await waitFor(() => expect(store.getState().session.user).toMatchObject({ first_name: 'هدى', profile_picture: '/media/avatars/1-b.webp' }));
  });

  it('sends no picture when none was chosen, and leaves out a field the account never had', async () => {
    const sent: Record<string, string>[] = [];
    const legacy = { ...reader, location: null as unknown as string };
    const { user } = await renderSignedIn(<ProfileTab user={legacy} />, {
      handler: async (req, path) => (isUpdate(req, path) ? (sent.push(await sentForm(req)), json(200, reader)) : json(404, {})),
    });
    expect(place()).toHaveValue('');
    await user.type(bio(), '!');
    await user.click(save());
    await screen.findByText('تم تحديث الملف الشخصي بنجاح');
    expect(sent).toEqual([{ first_name: 'سارة', last_name: 'القحطاني', bio: 'قارئة!' }]);
  });

  it('puts the server’s field messages inline, says the §8 failure, and keeps what was typed', async () => {
    const { user } = await renderSignedIn(<ProfileTab user={reader} />, {
      handler: (req, path) => (isUpdate(req, path) ? json(400, { last_name: ['لا يمكن ترك هذا الحقل فارغاً.'] }) : json(404, {})),
    });
    await user.clear(place());
    await user.type(place(), 'جدة');
    await user.click(save());
    expect(await screen.findByText('حدث خطأ أثناء تحديث الملف الشخصي')).toBeInTheDocument();
    expect(screen.getByText('لا يمكن ترك هذا الحقل فارغاً.')).toBeInTheDocument();
    expect(lastName()).toHaveAttribute('aria-invalid', 'true');
    expect(place()).toHaveValue('جدة');
    expect(save()).toBeEnabled();
  });

  it('says the §8 failure when the call fails without an answer', async () => {
    const { user } = await renderSignedIn(<ProfileTab user={reader} />, { handler: () => Promise.reject(new TypeError('Failed to fetch')) });
    await user.type(place(), '!');
    await user.click(save());
    expect(await screen.findByText('حدث خطأ أثناء تحديث الملف الشخصي')).toBeInTheDocument();
    expect(place()).toHaveValue('الرياض!');
  });

  it('shows the server’s size limit (413) beside the picture and in the toast, the preview kept', async () => {
    const { user } = await renderSignedIn(<ProfileTab user={reader} />, {
      handler: (req, path) => (isUpdate(req, path) ? json(413, { detail: 'يجب ألا يتجاوز حجم الصورة 5 ميغابايت.' }) : json(404, {})),
    });
    await user.upload(screen.getByLabelText('الصورة الشخصية'), png('big.png'));
    await user.click(save());
    await waitFor(() => expect(screen.getAllByText('يجب ألا يتجاوز حجم الصورة 5 ميغابايت.')).toHaveLength(2));
    expect(screen.getByRole('img', { name: 'سارة القحطاني' })).toHaveAttribute('src', 'blob:preview');
  });

  it('shows the server’s refusal of a file that is no image beside the picture', async () => {
    const { user } = await renderSignedIn(<ProfileTab user={reader} />, {
      handler: (req, path) => (isUpdate(req, path) ? json(400, { profile_picture: ['يرجى رفع صورة صالحة بصيغة JPEG أو PNG أو WebP.'] }) : json(404, {})),
    });
    await user.upload(screen.getByLabelText('الصورة الشخصية'), png('fake.png'));
    await user.click(save());
    await waitFor(() => expect(screen.getAllByText('يرجى رفع صورة صالحة بصيغة JPEG أو PNG أو WebP.')).toHaveLength(2));
  });
});
