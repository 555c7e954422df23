import { Link } from "react-router";
import { useFrameCopy, useLocalPath } from "#app/components/site/frame-copy.tsx";
import type { BlogCopy } from "#app/content/blog-copy.ts";
import { formatDate, isIsoDate } from "#app/lib/dates.ts";

export type PostCardData = {
  slug: string;
  title: string;
  excerpt: string;
  date: string;
  author?: string;
  tag?: string;
};

/** A post's date in the page's language: a <time> when it is a real date, the text as stored otherwise. */
export function PostDate({ date }: { date: string }) {
  const { lang } = useFrameCopy();
  return isIsoDate(date) ? <time dateTime={date}>{formatDate(date, lang)}</time> : <span>{date}</span>;
}

/** A post on the blog list or under "Related posts": the whole card leads to the post. */
export function PostCard({
  post,
  copy,
  headingLevel = 3,
}: {
  post: PostCardData;
  copy: BlogCopy["card"];
  headingLevel?: 2 | 3;
}) {
  const local = useLocalPath();
  const Heading = headingLevel === 2 ? "h2" : "h3";
  return (
    <li className="group relative flex flex-col rounded-2xl border border-gray-200 bg-white p-5 shadow-sm transition focus-within:border-brand-600 hover:-translate-y-0.5 hover:border-brand-600 hover:shadow-md sm:p-6">
      {post.tag ? (
        <p className="self-start rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-semibold text-brand-700">
          {post.tag}
        </p>
      ) : null}
      <Heading className="mt-3 text-lg leading-snug font-semibold text-gray-900 group-hover:text-brand-700">
        {post.title}
      </Heading>
      <p className="mt-2 flex-1 text-sm leading-relaxed text-gray-600">{post.excerpt}</p>
      <p className="mt-4 text-xs text-gray-600">
        <PostDate date={post.date} />
        {post.author ? (
          <>
            <span aria-hidden="true"> · </span>
            <span className="sr-only">{copy.by}</span>
            {post.author}
          </>
        ) : null}
      </p>
      <Link
        to={local(`/blog/${post.slug}`)}
        className="mt-4 inline-flex items-center gap-1.5 self-start rounded-lg bg-brand-700 px-4 py-2 text-sm font-semibold text-white after:absolute after:inset-0 after:rounded-2xl after:content-[''] group-hover:bg-brand-800 focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600"
      >
        <span>
          {copy.readPost}
          <span className="sr-only"> – {post.title}</span>
        </span>
        <span aria-hidden="true">→</span>
      </Link>
    </li>
  );
}

export function PostGrid({
  posts,
  copy,
  headingLevel,
  columns = 3,
}: {
  posts: PostCardData[];
  /** The cards' words, in the page's language. */
  copy: BlogCopy["card"];
  headingLevel?: 2 | 3;
  /** 1, 2 and 3 columns as the screen widens; 2 at most beside an article. */
  columns?: 2 | 3;
}) {
  return (
    <ul className={`grid grid-cols-1 gap-6 md:grid-cols-2 ${columns === 3 ? "lg:grid-cols-3" : ""}`}>
      {posts.map((post) => (
        <PostCard key={post.slug} post={post} copy={copy} headingLevel={headingLevel} />
      ))}
    </ul>
  );
}
