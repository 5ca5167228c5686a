import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import TextField from '@mui/material/TextField';
import { useFormik } from 'formik';
import { useTranslation } from 'react-i18next';
import * as yup from 'yup';
import { useCommentStudioPostMutation } from '../../api/studio';
import { toast } from '../../components/toast';

/** A review comment on the post, added to its history. */
export function CommentBox({ postId }: { postId: number }) {
  const { t } = useTranslation();
  const [comment] = useCommentStudioPostMutation();
  const form = useFormik({
    initialValues: { comment: '' },
    validationSchema: yup.object({ comment: yup.string().trim().required(t('studio.dialogs.commentRequired')) }),
    validateOnChange: false,
    validateOnBlur: false,
    onSubmit: async (values, helpers) => {
      try {
        await comment({ id: postId, reviewComment: { comment: values.comment.trim() } }).unwrap();
        toast.success(t('studio.review.commentSent'));
        helpers.resetForm();
      } catch {
        // Toasted by the api layer; the text stays for another try.
      }
    },
  });
  return (
    <Box component="form" noValidate onSubmit={form.handleSubmit} sx={{ display: 'grid', gap: 1 }}>
      <TextField
        id="review-comment"
        name="comment"
        label={t('studio.review.comment')}
        value={form.values.comment}
        onChange={form.handleChange}
        error={Boolean(form.errors.comment)}
        helperText={form.errors.comment}
        multiline
        minRows={2}
        fullWidth
      />
      <Box>
        <Button type="submit" variant="outlined" disabled={form.isSubmitting}>
          {t('studio.review.send')}
        </Button>
      </Box>
    </Box>
  );
}
