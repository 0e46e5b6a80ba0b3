export default function Page() { return <div>InterfaceInfo</div>; }
