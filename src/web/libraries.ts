import createCache from '@emotion/cache';
import { createTheme } from '@mui/material/styles';
import { configureStore } from '@reduxjs/toolkit';
import { buildCreateApi } from '@reduxjs/toolkit/query';
import { reactHooksModule } from '@reduxjs/toolkit/query/react';
import i18next from 'i18next';
import { hydrateRoot } from 'react-dom/client';
import { initReactI18next } from 'react-i18next';
import { Provider } from 'react-redux';
import { BrowserRouter } from 'react-router-dom';
import { persistStore } from 'redux-persist';

/**
 * The libraries the app's start needs, evaluated in a task of their own before the app's own
 * modules (src/web/index.tsx). Naming them here keeps the evaluation here: a module whose exports
 * nothing uses would be left out.
 */
export const LIBRARIES = [createCache, createTheme, configureStore, buildCreateApi, reactHooksModule, i18next, hydrateRoot, initReactI18next, Provider, BrowserRouter, persistStore];
