import { Link } from 'react-router';

export function NotFoundPage() {
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center px-4 py-24 text-center">
      <p className="text-6xl font-extrabold text-brand-700">404</p>
      <h1 className="mt-4 text-2xl font-semibold">Not Found</h1>
      <p className="mt-2 text-slate-600">The page you are looking for does not exist.</p>
      <Link to="/" className="mt-8 rounded-lg bg-brand-700 px-5 py-2.5 font-medium text-white hover:bg-brand-600">
        Back to Homepage
      </Link>
    </main>
  );
}
