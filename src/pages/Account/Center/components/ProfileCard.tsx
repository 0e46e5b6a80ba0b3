import { UserOutlined } from '@ant-design/icons';
import { ProCard, ProForm, ProFormText } from '@ant-design/pro-components';
import { useModel } from '@umijs/max';
import { App, Avatar, Form } from 'antd';
import { flushSync } from 'react-dom';
import { ApiError, errorText } from '@/requestConfig';
import { updateMyUser } from '@/services/agler/user';
import { MESSAGES } from '@agler/contract/messages';
import { userAvatarRules, userNameRules } from '../rules';
import { CENTER_TEXTS } from '../texts';

const T = CENTER_TEXTS.profile;

type ProfileValues = { userName: string; userAvatar: string };

/** Which field a refusal of update/my belongs to. */
const FIELD_OF: Record<string, keyof ProfileValues> = {
  [MESSAGES.userNameLength]: 'userName',
  [MESSAGES.avatarInvalid]: 'userAvatar',
};

/** 基本信息: the account, and the name and avatar the user may change. */
export function ProfileCard() {
  const { message } = App.useApp();
  const { initialState, setInitialState } = useModel('@@initialState');
  const loginUser = initialState?.loginUser;
  const [form] = Form.useForm<ProfileValues>();
  const avatar = Form.useWatch('userAvatar', form)?.trim();

  const onFinish = async (values: ProfileValues) => {
    const changes = { userName: values.userName.trim(), userAvatar: (values.userAvatar ?? '').trim() };
    try {
      await updateMyUser(changes, { skipErrorHandler: true });
    } catch (e) {
      const field = e instanceof ApiError ? FIELD_OF[e.message] : undefined;
      if (field) form.setFields([{ name: field, errors: [errorText(e)] }]);
      else message.error(errorText(e));
      return;
    }
    // The header and the watermark read the user from the initial state.
    flushSync(() =>
      setInitialState((s) => (s?.loginUser ? { ...s, loginUser: { ...s.loginUser, ...changes } } : s)),
    );
    form.setFieldsValue(changes);
    message.success(T.saved);
  };

  return (
    <ProCard title={T.title} bordered headerBordered style={{ height: '100%' }}>
      <ProForm<ProfileValues>
        form={form}
        layout="vertical"
        // No field takes the focus on load: on a phone it would open the keyboard.
        autoFocusFirstInput={false}
        initialValues={{ userName: loginUser?.userName ?? '', userAvatar: loginUser?.userAvatar ?? '' }}
        onFinish={onFinish}
        submitter={{ searchConfig: { submitText: T.save }, resetButtonProps: false }}
      >
        <ProForm.Item label={T.account}>
          <Avatar size={40} src={avatar || undefined} icon={<UserOutlined />} style={{ marginRight: 12 }} />
          <span>{loginUser?.userAccount}</span>
        </ProForm.Item>
        <ProFormText
          name="userName"
          label={T.userName}
          placeholder={T.userNamePlaceholder}
          rules={userNameRules(T.userNameRequired)}
        />
        <ProFormText
          name="userAvatar"
          label={T.userAvatar}
          placeholder={T.userAvatarPlaceholder}
          rules={userAvatarRules}
        />
      </ProForm>
    </ProCard>
  );
}
