/**
 * Where `/api` goes in development when a real backend is used instead of the mocks:
 *   MOCK=none API_TARGET=http://localhost:7529 npm start
 * The backend's context path is `/api`, so the path is passed through unchanged.
 */
const target = process.env.API_TARGET || 'http://localhost:7529';

export default {
  '/api/': {
    target,
    changeOrigin: true,
  },
};
