/** A post's text, in both languages: what it is written as, and what the search index reads. */
export interface PostText {
  title: string;
  title_ar: string;
  summary: string;
  summary_ar: string;
  content: string;
  content_ar: string;
}
