import "./msw";
